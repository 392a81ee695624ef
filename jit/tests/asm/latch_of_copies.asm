function main (asm, 262 bytes)
    00000  jmp 000000000000005Dh
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
    0005c  ret
; external entry (from the interpreter)
    0005d  push rbp
    0005e  mov rbp,rsp
    00061  push rbx
    00062  push r12
    00064  push r13
    00066  push r14
    00068  push r15
    0006a  mov r15,ADDR
    00074  mov [r15+30h],rdi
    0007b  push qword ptr [r15+28h]
    00082  mov r14,8
    0008c  mov r13,[r15+10h]
    00093  sub r13,[r15]
    0009a  lea rax,[0DFh]
    000a1  push rax
    000a2  mov [r15+28h],rsp
    000a9  sub rsp,8
    000ad  mov rdx,rsi
    000b0  sub rsp,10h
    000b7  mov rsi,[rdx]
    000be  call 8
    000c3  xor edx,edx
    000c5  lea rsp,[rbp-30h]
    000cc  pop rcx
    000cd  mov [r15+28h],rcx
    000d4  pop r15
    000d6  pop r14
    000d8  pop r13
    000da  pop r12
    000dc  pop rbx
    000dd  pop rbp
    000de  ret
    000df  lea rbp,[rsp+30h]
    000e7  mov edx,1
    000ec  lea rsp,[rbp-30h]
    000f3  pop rcx
    000f4  mov [r15+28h],rcx
    000fb  pop r15
    000fd  pop r14
    000ff  pop r13
    00101  pop r12
    00103  pop rbx
    00104  pop rbp
    00105  ret

