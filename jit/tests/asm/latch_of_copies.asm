function main (asm, 261 bytes)
    00000  jmp 0000000000000060h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
    00013  mov r8,rsi
    00016  mov edi,0
    0001c  jmp 0000000000000043h
    00021  nop [rax+rax]
    0002a  nop [rax+rax]
    00033  nop [rax+rax]
    0003c  nop [rax]
    00040  mov rdi,rsi
; line 10: add
    00043  lea rsi,[rdi+2]
; line 11: jlt
    0004b  cmp rsi,r8
    0004e  jl 0000000000000040h
; line 12: ret
    00050  mov rax,rdi
    00053  mov rsp,rbp
    00056  pop rbp
    00057  ret
; unwind to the entry from the interpreter
    00058  mov rsp,[r15+28h]
    0005f  ret
; external entry (from the interpreter)
    00060  push rbp
    00061  mov rbp,rsp
    00064  push rbx
    00065  push r12
    00067  push r13
    00069  push r14
    0006b  push r15
    0006d  mov r12,rdi
    00070  mov r15,ADDR
    0007a  push qword ptr [r15+28h]
    00081  mov r14,8
    0008b  mov r13,[r15+10h]
    00092  sub r13,[r15]
    00099  lea rax,[0DEh]
    000a0  push rax
    000a1  mov [r15+28h],rsp
    000a8  sub rsp,8
    000ac  mov rdx,rsi
    000af  sub rsp,10h
    000b6  mov rsi,[rdx]
    000bd  call 8
    000c2  xor edx,edx
    000c4  lea rsp,[rbp-30h]
    000cb  pop rcx
    000cc  mov [r15+28h],rcx
    000d3  pop r15
    000d5  pop r14
    000d7  pop r13
    000d9  pop r12
    000db  pop rbx
    000dc  pop rbp
    000dd  ret
    000de  lea rbp,[rsp+30h]
    000e6  mov edx,1
    000eb  lea rsp,[rbp-30h]
    000f2  pop rcx
    000f3  mov [r15+28h],rcx
    000fa  pop r15
    000fc  pop r14
    000fe  pop r13
    00100  pop r12
    00102  pop rbx
    00103  pop rbp
    00104  ret

