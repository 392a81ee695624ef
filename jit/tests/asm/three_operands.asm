function main (asm, 249 bytes)
    00000  jmp 000000000000004Dh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,10h
; line 5: add
    00013  lea r8,[rsi+rdi]
; line 6: mul
    00018  imul r9,rsi,7
; line 7: sub
    0001f  mov rax,rdi
    00022  sub rax,2
    00026  mov [rbp-8],rax
; line 8: add
    0002d  add r8,r9
; line 9: add
    00030  add r8,[rbp-8]
; line 10: add
    00037  add rsi,r8
; line 11: add
    0003a  add rsi,rdi
; line 12: ret
    0003d  mov rax,rsi
    00040  mov rsp,rbp
    00043  pop rbp
    00044  ret
; unwind to the entry from the interpreter
    00045  mov rsp,[r15+28h]
    0004c  ret
; external entry (from the interpreter)
    0004d  push rbp
    0004e  mov rbp,rsp
    00051  push rbx
    00052  push r12
    00054  push r13
    00056  push r14
    00058  push r15
    0005a  mov r12,rdi
    0005d  mov r15,ADDR
    00067  push qword ptr [r15+28h]
    0006e  mov r14,8
    00078  mov r13,[r15+10h]
    0007f  sub r13,[r15]
    00086  lea rax,[0D2h]
    0008d  push rax
    0008e  mov [r15+28h],rsp
    00095  sub rsp,8
    00099  mov rdx,rsi
    0009c  sub rsp,10h
    000a3  mov rsi,[rdx]
    000aa  mov rdi,[rdx+8]
    000b1  call 8
    000b6  xor edx,edx
    000b8  lea rsp,[rbp-30h]
    000bf  pop rcx
    000c0  mov [r15+28h],rcx
    000c7  pop r15
    000c9  pop r14
    000cb  pop r13
    000cd  pop r12
    000cf  pop rbx
    000d0  pop rbp
    000d1  ret
    000d2  lea rbp,[rsp+30h]
    000da  mov edx,1
    000df  lea rsp,[rbp-30h]
    000e6  pop rcx
    000e7  mov [r15+28h],rcx
    000ee  pop r15
    000f0  pop r14
    000f2  pop r13
    000f4  pop r12
    000f6  pop rbx
    000f7  pop rbp
    000f8  ret

