function main (asm, 255 bytes)
    00000  jmp 000000000000005Ah
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 4: shr
    00013  sar rsi,1
; line 5: print
    00017  mov rax,rsi
    0001a  mov rsi,rax
    0001d  mov rcx,1
    00027  mov rdi,r12
    0002a  mov rax,ADDR
    00034  push r10
    00036  push r11
    00038  call rax  ; jit_print
    0003a  pop r11
    0003c  pop r10
    0003e  test rdx,rdx
    00041  jne 0000000000000052h
; line 6: ret
    00047  mov eax,0
    0004d  mov rsp,rbp
    00050  pop rbp
    00051  ret
; unwind to the entry from the interpreter
    00052  mov rsp,[r15+28h]
    00059  ret
; external entry (from the interpreter)
    0005a  push rbp
    0005b  mov rbp,rsp
    0005e  push rbx
    0005f  push r12
    00061  push r13
    00063  push r14
    00065  push r15
    00067  mov r12,rdi
    0006a  mov r15,ADDR
    00074  push qword ptr [r15+28h]
    0007b  mov r14,8
    00085  mov r13,[r15+10h]
    0008c  sub r13,[r15]
    00093  lea rax,[0D8h]
    0009a  push rax
    0009b  mov [r15+28h],rsp
    000a2  sub rsp,8
    000a6  mov rdx,rsi
    000a9  sub rsp,10h
    000b0  mov rsi,[rdx]
    000b7  call 8
    000bc  xor edx,edx
    000be  lea rsp,[rbp-30h]
    000c5  pop rcx
    000c6  mov [r15+28h],rcx
    000cd  pop r15
    000cf  pop r14
    000d1  pop r13
    000d3  pop r12
    000d5  pop rbx
    000d6  pop rbp
    000d7  ret
    000d8  lea rbp,[rsp+30h]
    000e0  mov edx,1
    000e5  lea rsp,[rbp-30h]
    000ec  pop rcx
    000ed  mov [r15+28h],rcx
    000f4  pop r15
    000f6  pop r14
    000f8  pop r13
    000fa  pop r12
    000fc  pop rbx
    000fd  pop rbp
    000fe  ret

