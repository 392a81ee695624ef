function main (asm, 261 bytes)
    00000  jmp 000000000000005Ch
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  test rsi,rsi
    0000b  jne 0000000000000018h
; return before the frame
    00011  mov eax,0
    00017  ret
; frame
    00018  push rbp
    00019  mov rbp,rsp
    0001c  sub rsp,0
    00023  mov edi,0
; line 6: jz
    00029  test rsi,rsi
    0002c  je 000000000000004Ch
    00032  nop [rax+rax]
    0003b  nop [rax+rax]
; line 7: add
    00040  add rdi,rsi
; line 8: sub
    00043  sub rsi,1
; line 9: jmp
; line 6: jz
    00047  test rsi,rsi
    0004a  jne 0000000000000040h
; line 11: ret
    0004c  mov rax,rdi
    0004f  mov rsp,rbp
    00052  pop rbp
    00053  ret
; unwind to the entry from the interpreter
    00054  mov rsp,[r15+28h]
    0005b  ret
; external entry (from the interpreter)
    0005c  push rbp
    0005d  mov rbp,rsp
    00060  push rbx
    00061  push r12
    00063  push r13
    00065  push r14
    00067  push r15
    00069  mov r15,ADDR
    00073  mov [r15+30h],rdi
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

