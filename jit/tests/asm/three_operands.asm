function main (asm, 239 bytes)
    00000  jmp 0000000000000043h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 5: add
    00013  lea r8,[rsi+rdi]
; line 6: mul
    00018  imul r9,rsi,7
; line 7: sub
    0001f  lea r10,[rdi-2]
; line 8: add
    00027  add r8,r9
; line 9: add
    0002a  add r8,r10
; line 10: add
    0002d  add rsi,r8
; line 11: add
    00030  add rsi,rdi
; line 12: ret
    00033  mov rax,rsi
    00036  mov rsp,rbp
    00039  pop rbp
    0003a  ret
; unwind to the entry from the interpreter
    0003b  mov rsp,[r15+28h]
    00042  ret
; external entry (from the interpreter)
    00043  push rbp
    00044  mov rbp,rsp
    00047  push rbx
    00048  push r12
    0004a  push r13
    0004c  push r14
    0004e  push r15
    00050  mov r12,rdi
    00053  mov r15,ADDR
    0005d  push qword ptr [r15+28h]
    00064  mov r14,8
    0006e  mov r13,[r15+10h]
    00075  sub r13,[r15]
    0007c  lea rax,[0C8h]
    00083  push rax
    00084  mov [r15+28h],rsp
    0008b  sub rsp,8
    0008f  mov rdx,rsi
    00092  sub rsp,10h
    00099  mov rsi,[rdx]
    000a0  mov rdi,[rdx+8]
    000a7  call 8
    000ac  xor edx,edx
    000ae  lea rsp,[rbp-30h]
    000b5  pop rcx
    000b6  mov [r15+28h],rcx
    000bd  pop r15
    000bf  pop r14
    000c1  pop r13
    000c3  pop r12
    000c5  pop rbx
    000c6  pop rbp
    000c7  ret
    000c8  lea rbp,[rsp+30h]
    000d0  mov edx,1
    000d5  lea rsp,[rbp-30h]
    000dc  pop rcx
    000dd  mov [r15+28h],rcx
    000e4  pop r15
    000e6  pop r14
    000e8  pop r13
    000ea  pop r12
    000ec  pop rbx
    000ed  pop rbp
    000ee  ret

